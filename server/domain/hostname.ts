/** Validation of the bare hostnames that name projects' docs sites. */
import { z } from 'zod';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A bare hostname (`docs.example.com`): no scheme, port, path or trailing dot; normalised to lowercase. */
export const HostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value.length <= 253 && value.split('.').every((label) => LABEL.test(label)), {
    message: 'must be a bare hostname such as docs.example.com (no scheme, port or path)',
  });
