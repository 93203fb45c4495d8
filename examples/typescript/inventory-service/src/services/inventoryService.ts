import { Category, DEFAULT_LEAD_DAYS, Product, ProductInput, StockLevel, reorderQuantity } from "@domain";
import { Logger } from "@core/logger";
import { EventBus } from "@core/events";
import { Result, err, ok } from "@core/result";

/**
 * Keeps the catalogue and the stock levels of one warehouse in step.
 *
 * Every change goes through this service so that events are published and
 * the reorder list can be recomputed without scanning the whole catalogue.
 */

export interface ReorderLine {
  sku: string;
  quantity: number;
  urgent: boolean;
}

export interface InventorySnapshot {
  products: number;
  units: number;
  belowSafety: string[];
}

interface DemandWindow {
  days: number;
  sold: number;
}

const DEMAND_WINDOWS: DemandWindow[] = [
  { days: 7, sold: 0 },
  { days: 30, sold: 0 },
];

function averageDailyDemand(windows: DemandWindow[]): number {
  const used = windows.filter((w) => w.days > 0);
  if (used.length === 0) {
    return 0;
  }
  const total = used.reduce((sum, w) => sum + w.sold / w.days, 0);
  return total / used.length;
}

function normaliseSku(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, "-");
}

export class InventoryService {
  private readonly products = new Map<string, Product>();
  private readonly levels = new Map<string, StockLevel>();
  private readonly demand = new Map<string, DemandWindow[]>();

  constructor(
    private readonly log: Logger,
    private readonly bus: EventBus,
  ) {}

  register(input: ProductInput, initialQuantity: number, safetyStock = 5): Result<Product> {
    const sku = normaliseSku(input.sku);
    if (this.products.has(sku)) {
      return err(`duplicate sku ${sku}`);
    }
    const product = Product.fromInput({ ...input, sku });
    this.products.set(sku, product);
    this.levels.set(sku, new StockLevel(sku, initialQuantity, safetyStock));
    this.demand.set(sku, DEMAND_WINDOWS.map((w) => ({ ...w })));
    this.log.info("product registered", { sku, category: product.category });
    this.bus.publish("product.registered", { sku });
    return ok(product);
  }

  sell(sku: string, units: number): Result<number> {
    const level = this.levels.get(normaliseSku(sku));
    if (!level) {
      return err(`unknown sku ${sku}`);
    }
    const remaining = level.apply({ sku: level.sku, delta: -units, reason: "sale", at: Date.now() });
    for (const window of this.demand.get(level.sku) ?? []) {
      window.sold += units;
    }
    if (level.isBelowSafety()) {
      this.log.warn("stock below safety level", { sku: level.sku, remaining });
      this.bus.publish("stock.low", { sku: level.sku, remaining });
    }
    return ok(remaining);
  }

  receive(sku: string, units: number): number {
    const level = this.levels.get(normaliseSku(sku));
    if (!level) {
      throw new Error(`cannot receive unknown sku ${sku}`);
    }
    return level.apply({ sku: level.sku, delta: units, reason: "delivery", at: Date.now() });
  }

  reorderList(leadDays: number = DEFAULT_LEAD_DAYS): ReorderLine[] {
    const lines: ReorderLine[] = [];
    for (const [sku, level] of this.levels) {
      const daily = averageDailyDemand(this.demand.get(sku) ?? []);
      const quantity = reorderQuantity(level, daily, leadDays);
      if (quantity > 0) {
        lines.push({ sku, quantity, urgent: level.quantity <= 0 });
      }
    }
    return lines.sort((a, b) => Number(b.urgent) - Number(a.urgent) || b.quantity - a.quantity);
  }

  clearanceCandidates(): Product[] {
    return [...this.products.values()].filter(
      (p) => p.category !== Category.Clearance && (this.levels.get(p.sku)?.quantity ?? 0) > 100,
    );
  }

  snapshot(): InventorySnapshot {
    let units = 0;
    const belowSafety: string[] = [];
    for (const level of this.levels.values()) {
      units += level.quantity;
      if (level.isBelowSafety()) {
        belowSafety.push(level.sku);
      }
    }
    return { products: this.products.size, units, belowSafety };
  }

  history(sku: string, count = 10) {
    return this.levels.get(normaliseSku(sku))?.lastMovements(count) ?? [];
  }
}
