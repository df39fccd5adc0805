// GET /rest/v1/ — a Swagger 2.0 description of the exposed schema, the shape PostgREST's
// root endpoint gives (tables and views with their columns, functions under /rpc/).
import { unacceptableSchema } from './errors.ts';
import type { RestSettings } from './request.ts';
import type { Column, SchemaCache } from './schema-cache.ts';

function jsonType(c: Column): { type: string; format: string; items?: { type: string } } {
  const t = c.baseType;
  if (t.startsWith('_')) return { type: 'array', format: c.type, items: { type: 'string' } };
  if (['int2', 'int4', 'int8'].includes(t)) return { type: 'integer', format: c.type };
  if (['float4', 'float8', 'numeric'].includes(t)) return { type: 'number', format: c.type };
  if (t === 'bool') return { type: 'boolean', format: c.type };
  if (t === 'json' || t === 'jsonb') return { type: 'object', format: c.type };
  return { type: 'string', format: c.type };
}

export function openApiSpec(
  cache: SchemaCache,
  settings: RestSettings,
  profile: string | undefined,
  publicUrl: string,
) {
  const schema = profile?.trim() || settings.schemas[0] || 'public';
  if (!settings.schemas.includes(schema)) throw unacceptableSchema(schema, settings.schemas);
  const url = new URL(publicUrl);
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  const definitions: Record<string, unknown> = {};
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const r of relations) {
    const ref = { $ref: `#/definitions/${r.name}` };
    paths[`/${r.name}`] = {
      get: {
        tags: [r.name],
        responses: { 200: { description: 'OK', schema: { type: 'array', items: ref } } },
      },
      post: { tags: [r.name], responses: { 201: { description: 'Created' } } },
      patch: { tags: [r.name], responses: { 204: { description: 'No Content' } } },
      delete: { tags: [r.name], responses: { 204: { description: 'No Content' } } },
    };
    definitions[r.name] = {
      type: 'object',
      required: r.columns
        .filter((c) => !c.nullable && c.default === null && !c.generated)
        .map((c) => c.name),
      properties: Object.fromEntries(
        r.columns.map((c) => [
          c.name,
          {
            ...jsonType(c),
            ...(r.pk.includes(c.name) ? { description: 'Note:\nThis is a Primary Key.<pk/>' } : {}),
          },
        ]),
      ),
    };
  }
  for (const [key, routines] of cache.routines) {
    const [s, name] = key.split('\u0000');
    if (s !== schema || !routines[0]) continue;
    const r = routines[0];
    const props = Object.fromEntries(
      r.params.map((p) => [p.name, { type: 'string', format: p.type }]),
    );
    paths[`/rpc/${name}`] = {
      post: {
        tags: ['(rpc) ' + name],
        parameters: [
          {
            in: 'body',
            name: 'args',
            required: true,
            schema: {
              type: 'object',
              required: r.params.filter((p) => !p.hasDefault).map((p) => p.name),
              properties: props,
            },
          },
        ],
        responses: { 200: { description: 'OK' } },
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: `standard ${schema} schema`, version: '12.2.0' },
    host: url.host,
    basePath: '/',
    schemes: [url.protocol.replace(':', '')],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
}
