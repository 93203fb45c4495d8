/** Stock levels per product and the reorder rule. */

export interface StockMovement {
  sku: string;
  delta: number;
  reason: "sale" | "delivery" | "correction" | "return";
  at: number;
}

export class StockLevel {
  private movements: StockMovement[] = [];

  constructor(
    readonly sku: string,
    private onHand: number,
    readonly safetyStock: number,
  ) {}

  get quantity(): number {
    return this.onHand;
  }

  apply(movement: StockMovement): number {
    if (movement.sku !== this.sku) {
      throw new Error(`movement for ${movement.sku} applied to ${this.sku}`);
    }
    this.onHand += movement.delta;
    this.movements.push(movement);
    return this.onHand;
  }

  isBelowSafety(): boolean {
    return this.onHand < this.safetyStock;
  }

  lastMovements(count: number): StockMovement[] {
    return this.movements.slice(-count);
  }
}

export function reorderQuantity(level: StockLevel, dailyDemand: number, leadDays: number): number {
  const target = level.safetyStock + dailyDemand * leadDays;
  return Math.max(0, Math.ceil(target - level.quantity));
}

export const DEFAULT_LEAD_DAYS = 5;
