/**
 * Checks rendered Kubernetes objects: against the API's own schemas (the `kubernetes-models` package
 * ships them compiled, one validator per kind) and against the chart's security rules for every pod
 * (non-root, seccomp RuntimeDefault, read-only root filesystem, no privilege escalation, ALL dropped).
 */
import { StatefulSet, Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Secret, Service } from 'kubernetes-models/v1';

/** A rendered object (what every kind has). */
export interface K8sObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string };
  readonly spec?: { readonly template?: { readonly spec?: PodSpec } };
}

interface PodSpec {
  readonly securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type?: string } };
  readonly containers?: readonly {
    name: string;
    securityContext?: {
      readOnlyRootFilesystem?: boolean;
      allowPrivilegeEscalation?: boolean;
      capabilities?: { drop?: string[] };
    };
    resources?: { limits?: object; requests?: object };
  }[];
}

type Validated = { validate: () => void };
const KINDS: Readonly<Record<string, (data: never) => Validated>> = {
  'apps/v1/Deployment': (d) => new Deployment(d),
  'apps/v1/StatefulSet': (d) => new StatefulSet(d),
  'autoscaling/v2/HorizontalPodAutoscaler': (d) => new HorizontalPodAutoscaler(d),
  'networking.k8s.io/v1/Ingress': (d) => new Ingress(d),
  'networking.k8s.io/v1/NetworkPolicy': (d) => new NetworkPolicy(d),
  'policy/v1/PodDisruptionBudget': (d) => new PodDisruptionBudget(d),
  'v1/Secret': (d) => new Secret(d),
  'v1/Service': (d) => new Service(d),
};

function podProblems(pod: PodSpec): string[] {
  const out: string[] = [];
  if (pod.securityContext?.runAsNonRoot !== true) out.push('pod: runAsNonRoot is not true');
  if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') out.push('pod: seccomp is not RuntimeDefault');
  for (const c of pod.containers ?? []) {
    const s = c.securityContext;
    if (s?.readOnlyRootFilesystem !== true) out.push(`${c.name}: root filesystem is writable`);
    if (s?.allowPrivilegeEscalation !== false) out.push(`${c.name}: privilege escalation allowed`);
    if (!(s?.capabilities?.drop ?? []).includes('ALL')) out.push(`${c.name}: capabilities not dropped`);
    if (c.resources?.limits === undefined || c.resources.requests === undefined) out.push(`${c.name}: no resources`);
  }
  return out;
}

/** Every problem of `object`: an unknown kind, a schema violation, a pod that is not locked down. */
export function validateObject(object: K8sObject): string[] {
  const make = KINDS[`${object.apiVersion}/${object.kind}`];
  if (make === undefined) return [`no schema for ${object.apiVersion} ${object.kind}`];
  const problems: string[] = [];
  try {
    make(object as never).validate();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  const pod = object.spec?.template?.spec;
  return pod === undefined ? problems : [...problems, ...podProblems(pod)];
}
