// agentix/http: a plain route array mapping Web-standard Requests to operations and their
// outcomes to Responses. Host it anywhere that speaks (Request) => Promise<Response>.
export { createHttpHandler } from "./create-http-handler.js";
export type { HttpHandler, HttpHandlerOptions } from "./create-http-handler.js";
export { route } from "./route.js";
export type { HttpMethod, Route, RouteOptions, RouteRequest } from "./route.js";
export type { ErrorEnvelope } from "./envelope.js";
