import { InventoryService } from "../services/inventoryService";
import type { InventorySnapshot, ReorderLine } from "../services/inventoryService";
import { Logger, LogRecord } from "@core/logger";
import { EventBus, Event } from "@core/events";
import { Money, StockLevel, reorderQuantity } from "@domain";

/** Plain-text stock reports for the morning e-mail and the ops channel. */

const COLUMN_WIDTH = 14;

function pad(text: string, width = COLUMN_WIDTH): string {
  return text.length >= width ? text.slice(0, width) : text + " ".repeat(width - text.length);
}

function row(cells: string[]): string {
  return cells.map((cell) => pad(cell)).join(" | ");
}

function ruler(columns: number): string {
  return Array.from({ length: columns }, () => "-".repeat(COLUMN_WIDTH)).join("-+-");
}

interface ReportSection {
  title: string;
  lines: string[];
}

function renderSection(section: ReportSection): string {
  const underline = "=".repeat(section.title.length);
  return [section.title, underline, ...section.lines, ""].join("\n");
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`;
}

export class StockReport {
  private readonly lowStockEvents: string[] = [];

  constructor(
    private readonly inventory: InventoryService,
    private readonly logger: Logger,
    bus: EventBus,
  ) {
    bus.subscribe<{ sku: string }>("stock.low", (event: Event<{ sku: string }>) => {
      this.lowStockEvents.push(event.describe());
    });
  }

  summary(): ReportSection {
    const snap: InventorySnapshot = this.inventory.snapshot();
    return {
      title: "Stock summary",
      lines: [
        `${plural(snap.products, "product")}, ${plural(snap.units, "unit")} on hand`,
        `${percent(snap.belowSafety.length, snap.products)} of products below safety stock`,
      ],
    };
  }

  reorder(leadDays: number): ReportSection {
    const lines: ReorderLine[] = this.inventory.reorderList(leadDays);
    const body = [row(["sku", "quantity", "urgent"]), ruler(3)];
    for (const line of lines) {
      body.push(row([line.sku, String(line.quantity), line.urgent ? "yes" : ""]));
    }
    return { title: `Reorder (${leadDays} days lead time)`, lines: body };
  }

  valuation(levels: StockLevel[], unitCost: (sku: string) => Money): ReportSection {
    let total = Money.zero();
    const body: string[] = [];
    for (const level of levels) {
      const value = unitCost(level.sku).times(level.quantity);
      total = total.plus(value);
      body.push(row([level.sku, String(level.quantity), value.format()]));
    }
    body.push(ruler(3), row(["total", "", total.format()]));
    return { title: "Valuation", lines: body };
  }

  shortfall(level: StockLevel, dailyDemand: number): string {
    const missing = reorderQuantity(level, dailyDemand, 3);
    return missing > 0 ? `${level.sku}: order ${missing} now` : `${level.sku}: covered`;
  }

  alerts(): ReportSection {
    const warnings: LogRecord[] = this.logger.history("warn");
    return {
      title: "Alerts",
      lines: [...this.lowStockEvents, ...warnings.map((w) => `${w.scope}: ${w.message}`)],
    };
  }

  render(leadDays = 5): string {
    return [this.summary(), this.reorder(leadDays), this.alerts()].map(renderSection).join("\n");
  }
}
