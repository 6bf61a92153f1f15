/**
 * The API's paths that answer without the database (docs/api.md, Endpoints): the catalogue, one of
 * its errors, the containers, one container. The requests and the responses tests each ask for an
 * error and a container of their own.
 */
export const REQUEST_STATIC_PATHS = ['/errors', '/error/1001', '/containers', '/container/technology'];
export const RESPONSE_STATIC_PATHS = ['/errors', '/error/1014', '/containers', '/container/gaming'];
