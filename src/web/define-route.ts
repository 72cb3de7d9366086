// One way to write an API route (decision 019): the route files under src/app/api and the
// endpoints scripts/server.mjs serves without Next's router (src/web/endpoints, decision 016) are
// all made by defineRoute, so each says only what differs — its input, whether it changes state,
// what it checks before reading the body — and the steps every route takes run in one order:
//
//   1. sameOrigin: a browser's cross-site request is refused with a 403 (assertSameOrigin, the CSRF
//      guard of every state-changing route);
//   2. the core's context for the request (apiContext);
//   3. auth: a check of the caller made before the body is read (a locked store's 401 comes before
//      any complaint about the body);
//   4. input: the JSON body, bounded and strictly parsed (parseJson: 415, 413, 400), then checked
//      by its schema (a ZodError is a 400 naming the fields); or the parsed object as it is ('json');
//   5. the handler, with the request, the context, the input and the route's parameters;
//
// and whatever any step throws is answered by errorResponse (or the route's own `errors`).
import type { z } from 'zod'
import type { CoreContext } from '@/server/kernel/context'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

type InputOption = z.ZodType | 'json' | undefined

type InputOf<Input extends InputOption> = Input extends z.ZodType ? z.output<Input> : Input extends 'json' ? Record<string, unknown> : undefined

export type RouteCall<Input, Params> = {
  request: Request
  ctx: CoreContext
  input: Input
  /** The dynamic segments of the route's path ({} for a route without any). */
  params: Params
}

export type RouteDefinition<Input extends InputOption, Params> = {
  /** Refuse a browser's cross-site request (every route that changes state). */
  sameOrigin: boolean
  /** The JSON body: a schema it must satisfy, 'json' for the object as it is, or none read. */
  input?: Input
  /** The largest body accepted, in bytes (parseJson's 64 kB by default). */
  maxBytes?: number
  /** The core's context for the request: apiContext (the shopper's credentials) unless given (adminContext). */
  context?: (request: Request) => CoreContext
  /** A check of the caller made before the body is read; it throws to refuse. */
  auth?: (ctx: CoreContext) => Promise<unknown>
  handler: (call: RouteCall<InputOf<Input>, Params>) => Promise<Response>
  /** The answer for a thrown error, when the route's differs from errorResponse. */
  errors?: (error: unknown) => Response
}

/** A route handler as Next and scripts/server.mjs call it. */
export type RouteHandler<Params> = (request: Request, route?: { params: Promise<Params> }) => Promise<Response>

export function defineRoute<Input extends InputOption = undefined, Params = Record<string, never>>(
  definition: RouteDefinition<Input, Params>,
): RouteHandler<Params> {
  const { sameOrigin, input: schema, maxBytes, context = apiContext, auth, handler, errors = errorResponse } = definition
  return async function route(request, segments) {
    try {
      if (sameOrigin) assertSameOrigin(request)
      const ctx = context(request)
      if (auth) await auth(ctx)
      let input: unknown
      if (schema !== undefined) {
        const body = await parseJson(request, maxBytes === undefined ? {} : { maxBytes })
        input = schema === 'json' ? body : schema.parse(body)
      }
      const params = (segments ? await segments.params : {}) as Params
      return await handler({ request, ctx, input: input as InputOf<Input>, params })
    } catch (error) {
      return errors(error)
    }
  }
}

/** The usual answer of a route: `{ data }`, which no cache keeps. */
export function dataResponse(data: unknown, init: { status?: number } = {}): Response {
  return Response.json({ data }, { ...init, headers: { 'Cache-Control': 'no-store' } })
}
