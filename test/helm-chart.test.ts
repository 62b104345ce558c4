/**
 * The Helm chart (deploy/helm/offprint), rendered without helm by deploy/helm/harness (Go text/template +
 * sprig, Debian's golang-go and golang-github-masterminds-sprig-dev; skips saying so when they are absent):
 * defaults, the minimal enabled set and a full set render; every object validates against the Kubernetes
 * schemas of `kubernetes-models`; every pod runs non-root with a read-only root filesystem; the values
 * files pass values.schema.json and typos, a missing bundleUrl and wrong types fail it. With `helm` on the
 * PATH (release machines), real `helm template` and `helm lint` run too.
 */
import { Ajv } from 'ajv';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { tempDir } from './helpers/dataDirs.js';
import { validateObject, type K8sObject } from './helpers/k8sSchemas.js';

const CHART = fileURLToPath(new URL('../deploy/helm/offprint', import.meta.url));
const HARNESS = fileURLToPath(new URL('../deploy/helm/harness/main.go', import.meta.url));
const SPRIG = '/usr/share/gocode/src/github.com/Masterminds/sprig';
const GO_ENV = {
  ...process.env,
  GOPATH: '/usr/share/gocode',
  GO111MODULE: 'off',
  GOFLAGS: '',
  GOCACHE: join(tempDir('offprint-gocache-'), 'c'),
};
const onPath = (name: string): boolean => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

const goMissing = !onPath('go')
  ? 'no go: apt-get install golang-go'
  : !existsSync(SPRIG)
    ? 'no sprig: apt-get install golang-github-masterminds-sprig-dev'
    : null;
if (goMissing !== null) process.stderr.write(`helm-chart.test.ts: skipped (${goMissing})\n`);

type Values = Record<string, unknown>;
const valuesFile = (name: string): Values => parse(readFileSync(join(CHART, name), 'utf8')) as Values;

/** Helm's merge of values files: maps key by key, anything else replaced. */
function merge(base: Values, over: Values): Values {
  const out: Values = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    const bothMaps = [value, current].every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    out[key] = bothMaps ? merge(current as Values, value as Values) : value;
  }
  return out;
}

function writeValues(values: Values): string {
  const file = join(tempDir('offprint-values-'), 'values.yaml');
  writeFileSync(file, JSON.stringify(values));
  return file;
}

describe('values.schema.json', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const check = ajv.compile(JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8')) as object);
  const defaults = valuesFile('values.yaml');
  const problems = (values: Values): string[] =>
    check(values) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);

  it('accepts the defaults and the ci values files', () => {
    expect(problems(defaults)).toEqual([]);
    expect(problems(merge(defaults, valuesFile('ci/minimal-values.yaml')))).toEqual([]);
    expect(problems(merge(defaults, valuesFile('ci/full-values.yaml')))).toEqual([]);
  });

  it('refuses typos, a missing bundleUrl when enabled, and wrong types', () => {
    const enabled = merge(defaults, valuesFile('ci/minimal-values.yaml'));
    expect(problems(merge(enabled, { staticExport: { bundleURL: 'https://x/y' } }))).toContain(
      '/staticExport must NOT have additional properties',
    );
    expect(problems(merge(enabled, { bundelServer: {} }))).toContain(' must NOT have additional properties');
    expect(problems(merge(defaults, { staticExport: { enabled: true } }))).toContain(
      '/staticExport/bundleUrl must NOT have fewer than 1 characters',
    );
    expect(problems(merge(enabled, { bundleServer: { replicas: 'two' } }))).toContain(
      '/bundleServer/replicas must be integer',
    );
    expect(problems(merge(enabled, { staticExport: { enabled: 'yes' } }))).toContain(
      '/staticExport/enabled must be boolean',
    );
    expect(problems(merge(enabled, { staticExport: { bundleUrl: 'ftp://x/y' } }))).toEqual([
      expect.stringContaining('/staticExport/bundleUrl must match pattern'),
    ]);
  });
});

(goMissing === null ? describe : describe.skip)('the chart rendered by the Go harness', () => {
  let binary: string;
  const render = (files: string[]): { status: number | null; stdout: string; stderr: string } => {
    const run = spawnSync(binary, [CHART, ...files.flatMap((f) => ['-f', f])], { encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const objects = (files: string[]): K8sObject[] => {
    const run = render(files);
    expect(run.status, run.stderr).toBe(0);
    return parseAllDocuments(run.stdout)
      .map((d) => d.toJS() as K8sObject)
      .filter((o) => o !== null);
  };

  beforeAll(() => {
    binary = join(tempDir('offprint-harness-'), 'render');
    execFileSync('go', ['build', '-o', binary, HARNESS], { env: GO_ENV, stdio: 'pipe' });
  }, 180_000);

  it('renders nothing with the defaults (serving is off until staticExport.enabled)', () => {
    expect(objects([])).toEqual([]);
  });

  it('renders the minimal and the full set: every object valid for Kubernetes, every pod locked down', () => {
    const minimal = objects([join(CHART, 'ci/minimal-values.yaml')]);
    expect(minimal.map((o) => o.kind).sort()).toEqual([
      'Deployment',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
    const full = objects([join(CHART, 'ci/full-values.yaml')]);
    expect(full.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'HorizontalPodAutoscaler/release-offprint-bundle',
      'Ingress/release-offprint-bundle',
      'NetworkPolicy/release-offprint-browsers',
      'NetworkPolicy/release-offprint-bundle',
      'NetworkPolicy/release-offprint-collector',
      'PodDisruptionBudget/release-offprint-bundle',
      'Secret/release-offprint-bundle',
      'Service/release-offprint-browsers',
      'Service/release-offprint-bundle',
      'Service/release-offprint-collector',
      'StatefulSet/release-offprint-browsers',
      'StatefulSet/release-offprint-bundle',
      'StatefulSet/release-offprint-collector',
    ]);
    for (const object of [...minimal, ...full])
      expect(validateObject(object), `${object.kind}/${object.metadata.name}`).toEqual([]);
  });

  it("lets nothing out of the browser pods and only the collector in (a page's WebRTC is not seen by CDP)", () => {
    const policy = objects([join(CHART, 'ci/full-values.yaml')]).find(
      (o) => o.metadata.name === 'release-offprint-browsers' && o.kind === 'NetworkPolicy',
    );
    // Partial on labels (the chart's common ones too), exact on rules: arrays match element by element.
    expect(policy?.spec).toMatchObject({
      podSelector: { matchLabels: { 'app.kubernetes.io/component': 'browsers' } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/component': 'collector' } } }],
          ports: [{ port: 9222, protocol: 'TCP' }],
        },
      ],
      egress: [],
    });
  });

  it('refuses to render staticExport.enabled without a bundleUrl', () => {
    const run = render([writeValues({ staticExport: { enabled: true } })]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('staticExport.bundleUrl is required when staticExport.enabled is true');
  });
});

(onPath('helm') ? describe : describe.skip)('the chart rendered by real helm', () => {
  it('lints strictly and renders the same objects as the harness', () => {
    execFileSync('helm', ['lint', '--strict', CHART, '-f', join(CHART, 'ci/full-values.yaml')], { stdio: 'pipe' });
    const out = execFileSync('helm', ['template', 'release', CHART, '-f', join(CHART, 'ci/full-values.yaml')], {
      encoding: 'utf8',
    });
    const objects = parseAllDocuments(out)
      .map((d) => d.toJS() as K8sObject)
      .filter((o) => o !== null);
    expect(objects).toHaveLength(13);
    for (const object of objects) expect(validateObject(object), `${object.kind}/${object.metadata.name}`).toEqual([]);
  });
});

describe('the image (Dockerfile; no container runtime here to build it)', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1) ?? '';

  it('is multi-stage from a base pinned by exact version; the final stage runs node as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages)
      expect(stage.split('\n')[0]).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?( AS \w+)?$/);
    expect(final).toMatch(/^USER 10001:10001$/m);
    expect(final).toMatch(/^ENTRYPOINT \["node", "\/app\/dist\/server\/cli\/main\.js"\]$/m);
  });

  it('applies the fixes to dependencies in patches/ although it installs without install scripts', () => {
    const install = stages[0]?.match(/^RUN npm ci .*$/m)?.[0] ?? '';
    expect(install).toContain('--ignore-scripts');
    expect(install).toMatch(/&& npx patch-package --error-on-fail/);
    expect(stages[0]).toMatch(/^COPY patches \.\/patches$/m);
    expect(readdirSync(join(ROOT, 'patches')).length).toBeGreaterThan(0);
  });

  it('has no build tools, package installs or Chromium in the final stage, and ignores local data', () => {
    expect(final).not.toMatch(/apt-get|g\+\+|python3|make |chromium|npm (ci|install)/i);
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', '.offprint-data', '.env']));
  });
});
