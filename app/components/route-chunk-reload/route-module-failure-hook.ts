/**
 * The name under which the build hands React Router's route-module failure
 * to the site (pipeline/route-module-failure.ts writes the call, this
 * component answers it): one definition for both sides, in a module of its
 * own so that the build reads it without loading the component.
 */
export const ROUTE_MODULE_FAILURE_HOOK = "__routeModuleLoadFailed";
