import { Request, Response, RouteHandler, Method } from "./http";
import { InventoryService } from "../services/inventoryService";
import { PricingService } from "../services/pricingService";
import { Category } from "@domain/product";
import { isOk, unwrapOr } from "@core/result";

/**
 * Route table of the warehouse API. Handlers are plain functions so that
 * they can be exercised without a server.
 */

interface RouteEntry {
  method: string;
  pattern: RegExp;
  name: string;
}

const ROUTE_PATTERNS: RouteEntry[] = [
  { method: "GET", pattern: /^\/stock$/, name: "snapshot" },
  { method: "GET", pattern: /^\/reorder$/, name: "reorder" },
  { method: "POST", pattern: /^\/sell$/, name: "sell" },
  { method: "GET", pattern: /^\/quote$/, name: "quote" },
];

function matchRoute(method: string, path: string): RouteEntry | undefined {
  return ROUTE_PATTERNS.find((route) => route.method === method && route.pattern.test(path));
}

function parseCategory(raw: string | undefined): string | undefined {
  if (!raw) {
    return undefined;
  }
  const lowered = raw.toLowerCase();
  return ["hardware", "garden", "kitchen", "clearance"].includes(lowered) ? lowered : undefined;
}

function clampUnits(units: number): number {
  return Math.min(Math.max(units, 1), 10_000);
}

export function buildRoutes(inventory: InventoryService, pricing: PricingService): Map<string, RouteHandler> {
  const routes = new Map<string, RouteHandler>();

  routes.set("snapshot", () => Response.json(inventory.snapshot()));

  routes.set("reorder", (request: Request) => {
    const leadDays = request.intParam("leadDays", 5);
    return Response.json({ lines: inventory.reorderList(leadDays) });
  });

  routes.set("sell", (request: Request) => {
    const sku = request.param("sku");
    if (!sku) {
      return Response.badRequest("sku is required");
    }
    const outcome = inventory.sell(sku, clampUnits(request.intParam("units", 1)));
    if (!isOk(outcome)) {
      return Response.notFound(sku);
    }
    return Response.json({ remaining: outcome.value }).header("x-stock-remaining", String(outcome.value));
  });

  routes.set("quote", (request: Request) => {
    const category = parseCategory(request.param("category"));
    const candidates = inventory.clearanceCandidates().filter((p) => !category || p.category === category);
    const product = pricing.cheapest(candidates);
    if (!product) {
      return Response.notFound("product");
    }
    const quote = pricing.quote(product, clampUnits(request.intParam("units", 1)));
    return Response.json(unwrapOr(quote, null), quote.ok ? 200 : 422);
  });

  return routes;
}

export function dispatch(routes: Map<string, RouteHandler>, method: Method, path: string, query: Record<string, string>): Response {
  const entry = matchRoute(method, path);
  const handler = entry ? routes.get(entry.name) : undefined;
  if (!handler) {
    return Response.notFound(path);
  }
  const response = handler(new Request(method, path, query));
  if (response.isError && entry?.name === "sell") {
    return response.header("retry-after", "30");
  }
  return response;
}

export function isClearance(category: Category): boolean {
  return category === Category.Clearance;
}
