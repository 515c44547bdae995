/**
 * One declaration per call, shared by the server and the web app (architecture "A call is declared once").
 * The server registers the route from it (server/plugins/calls.ts `route`), the web client calls through it
 * (web/api/client.ts `request`), and the OpenAPI document comes from the same zod schemas, so a renamed
 * path or field fails type checking on both sides.
 */
import type * as z from 'zod';
import type { PermissionGroup } from './constants';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call, checked before the input is validated (a guest learns nothing of a back-office
 * call's schema): anyone; a signed-in student; any signed-in person; an administrator, optionally holding
 * one of the permission groups.
 */
export type Access =
  | 'public'
  | 'student'
  | 'signedIn'
  | 'admin'
  | { readonly admin: PermissionGroup | readonly PermissionGroup[] };

export interface CallDef {
  readonly method: Method;
  /** Relative to the API prefix, with `:name` for a path parameter: 'tag/add', 'tags/:uid'. */
  readonly path: string;
  readonly access: Access;
  /** One line for the OpenAPI document. */
  readonly summary?: string;
  /** The OpenAPI group. */
  readonly tags?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body; a multipart upload declares `multipart: true` and no body schema. */
  readonly body?: z.ZodType;
  readonly multipart?: true;
  /** The `data` of the ok envelope. */
  readonly reply: z.ZodType;
  /** The reply must not be cached by the browser (personal data). */
  readonly noStore?: true;
}

/** The `:name` parameters of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with `:name` parameters needs a params schema that reads every one of them (a rename fails here). */
type ParamsFit<C extends CallDef> = [PathParamNames<C['path']>] extends [never]
  ? unknown
  : C['params'] extends z.ZodType
    ? [PathParamNames<C['path']>] extends [keyof z.input<C['params']> & string]
      ? unknown
      : { params: `params must read every :name of ${C['path']}` }
    : { params: z.ZodType };

/** Declares a call; the literal types are kept so both sides see its exact path and schemas. */
export function defineCall<const C extends CallDef>(def: C & ParamsFit<C>): C {
  return def;
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** What the web client passes: only the parts the call declares. */
export type CallInput<C extends CallDef> = (C['params'] extends z.ZodType ? { params: In<C['params']> } : unknown) &
  (C['query'] extends z.ZodType ? { query: In<C['query']> } : unknown) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : unknown) &
  (C['multipart'] extends true ? { body: FormData } : unknown);

/** What the server's handler receives after validation. */
export interface CallRequestTypes<C extends CallDef> {
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}

/** The data the server must answer (before the reply schema's transforms) and the data the web receives. */
export type ReplyIn<C extends CallDef> = In<C['reply']>;
export type ReplyData<C extends CallDef> = Out<C['reply']>;

/** The call's path with its `:name` parameters filled in (encoded). */
export const pathOf = (def: CallDef, params?: Record<string, unknown>): string =>
  def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${def.path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
