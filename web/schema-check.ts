/**
 * A zod-like safeParse for the JSON Schema that zod itself writes (z.toJSONSchema, io 'input') of a schema
 * made of objects, arrays, records, enums, strings (pattern, maxLength), numbers, booleans and null. The web
 * build (scripts/build.mjs) puts it in place of the zod schemas the first screen validates (the page
 * bootstrap), so zod (about 100 KiB) stays off the critical path; the types still come from the zod schema.
 * Like zod, an object's result keeps only its declared keys.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: readonly unknown[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: readonly JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface Issue {
  path: (string | number)[];
  message: string;
}

type Result = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

class Invalid extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

function check(schema: JsonSchema, value: unknown, path: (string | number)[]): unknown {
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      try {
        return check(option, value, path);
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
      }
    }
    throw new Invalid(path, 'Invalid input');
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const fits = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!fits) throw new Invalid(path, `Invalid input: expected ${types.join(' or ')}, received ${actual}`);
  }
  if (schema.enum && !schema.enum.includes(value))
    throw new Invalid(path, `Invalid option: expected one of ${schema.enum.map((v) => JSON.stringify(v)).join('|')}`);
  if (typeof value === 'string') {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
      throw new Invalid(path, `Invalid string: must match pattern ${schema.pattern}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      throw new Invalid(path, `Too big: expected string to have <=${schema.maxLength} characters`);
    if (schema.minLength !== undefined && value.length < schema.minLength)
      throw new Invalid(path, `Too small: expected string to have >=${schema.minLength} characters`);
  }
  if (typeof value === 'number') {
    if (schema.maximum !== undefined && value > schema.maximum)
      throw new Invalid(path, `Too big: expected number to be <=${schema.maximum}`);
    if (schema.minimum !== undefined && value < schema.minimum)
      throw new Invalid(path, `Too small: expected number to be >=${schema.minimum}`);
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    return items ? value.map((item, index) => check(items, item, [...path, index])) : value;
  }
  if (actual === 'object' && (schema.properties || schema.additionalProperties !== undefined)) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      if (!(key in record) || record[key] === undefined)
        throw new Invalid([...path, key], 'Invalid input: expected a value');
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (record[key] !== undefined) out[key] = check(property, record[key], [...path, key]);
    }
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== false) {
      for (const [key, item] of Object.entries(record)) {
        if (schema.properties && key in schema.properties) continue;
        out[key] = extra === true ? item : check(extra, item, [...path, key]);
      }
    }
    return out;
  }
  return value;
}

/** An object with zod's safeParse for the given JSON Schema: {success, data} or {success: false, error: {issues}}. */
export function schemaParser(schema: JsonSchema): { safeParse(value: unknown): Result } {
  return {
    safeParse(value) {
      try {
        return { success: true, data: check(schema, value, []) };
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        return { success: false, error: { issues: [{ path: error.path, message: error.message }] } };
      }
    },
  };
}
