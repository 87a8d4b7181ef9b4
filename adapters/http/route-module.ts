// A group of routes of one area (catalog, carts, ...). Composition collects every module.
import type { ServiceIdentifier } from "inversify";
import type { AnyRoute } from "./route-definition.js";

export interface RouteModule {
  routes(): readonly AnyRoute[];
}
export const RouteModule: ServiceIdentifier<RouteModule> = Symbol.for("storefront.RouteModule");
