/**
 * Request samples of form bodies send forms: a `multipart/form-data` body as fields and files (cURL's
 * `--form`, Python's `files=`, a FormData), only in the languages whose common client sends files; an
 * `application/x-www-form-urlencoded` body as `name=value&...` in every language. TimelinesAI's upload
 * was shown as JSON under a multipart header, a request no server reads.
 */
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const spec = {
  openapi: '3.0.3',
  info: { title: 'Files', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/files': {
      post: {
        summary: 'Upload a file',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  filename: { type: 'string', example: 'report.pdf' },
                  tags: { type: 'array', items: { type: 'string', example: 'q3' } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
    '/tokens': {
      post: {
        summary: 'Get a token',
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  grant_type: { type: 'string', example: 'client_credentials' },
                  scope: { type: 'string', example: 'read write' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

async function samplesAt(path: string): Promise<Map<string, string>> {
  const page = await endpointPageOf(spec, path);
  const panels = page.querySelectorAll('.op-request-example .op-tab-panel');
  return new Map(
    panels.map((p) => [p.getAttribute('data-op-tab-panel') ?? '', p.querySelector('pre')?.textContent ?? '']),
  );
}

describe('request samples of form bodies', () => {
  it('send a multipart body as fields and files, in the languages that can', async () => {
    const samples = await samplesAt('/files');
    expect([...samples.keys()]).toEqual(['cURL', 'Python', 'JavaScript']);
    const curl = samples.get('cURL') ?? '';
    expect(curl).toContain("--form 'filename=report.pdf'");
    expect(curl).toContain("--form 'tags=q3'");
    expect(curl).toContain("--form 'file=@example-file'");
    expect(curl).not.toContain('--data');
    const python = samples.get('Python') ?? '';
    expect(python).toContain('"file": open("example-file", "rb")');
    expect(python).toContain('"filename": "report.pdf"');
    expect(python).toContain('requests.request("POST", url, data=payload, files=files)');
    const js = samples.get('JavaScript') ?? '';
    expect(js).toContain('form.append("filename", "report.pdf");');
    expect(js).toContain('form.append("file", new Blob');
    expect(js).not.toContain('multipart/form-data');
  });

  it('send a urlencoded body as name=value pairs in every language', async () => {
    const samples = await samplesAt('/tokens');
    expect(samples.get('cURL')).toContain("--data 'grant_type=client_credentials&scope=read+write'");
    expect(samples.get('Python')).toContain('payload = "grant_type=client_credentials&scope=read+write"');
    expect(samples.get('Go')).toContain('grant_type=client_credentials&scope=read+write');
    expect(samples.get('Java')).toContain('grant_type=client_credentials&scope=read+write');
  });

  it("send a Swagger 2 operation's formData parameters as its form, listed as its body", async () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      host: 'api.example.test',
      schemes: ['https'],
      paths: {
        '/pets': {
          post: {
            summary: 'Add a pet',
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [
              { in: 'formData', name: 'name', type: 'string', required: true, description: 'The pet name.' },
              { in: 'formData', name: 'age', type: 'integer' },
            ],
            responses: { '200': { description: 'OK' } },
          },
        },
        '/photos': {
          post: {
            summary: 'Upload a photo',
            parameters: [{ in: 'formData', name: 'photo', type: 'file', required: true }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    const pets = await endpointPageOf(swagger, '/pets');
    expect(pets.querySelector('.op-endpoint-media')?.textContent).toBe('application/x-www-form-urlencoded');
    expect(pets.textContent).toContain('The pet name.');
    expect(pets.querySelector('.op-request-example pre')?.textContent).toContain("--data 'name=<string>&age=123'");
    const photos = await endpointPageOf(swagger, '/photos');
    expect(photos.querySelector('.op-endpoint-media')?.textContent).toBe('multipart/form-data');
    expect(photos.querySelector('.op-request-example pre')?.textContent).toContain("--form 'photo=@example-file'");
  });
});
