// A group of routes of one area (catalog, carts, ...). Composition collects every module.
import type { ServiceIdentifier } from "inversify";
import type { AnyRoute } from "./route-definition.js";

export interface RouteModule {
  routes(): readonly AnyRoute[];
}
export const RouteModule: ServiceIdentifier<RouteModule> = Symbol.for("storefront.RouteModule");

/** A group of admin API routes (`/admin/v1`); each route names its `permission` (docs/staff.md). */
export const AdminRouteModule: ServiceIdentifier<RouteModule> = Symbol.for("storefront.AdminRouteModule");
