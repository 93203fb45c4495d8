export interface Item {
  sku: string;
  quantity: number;
  tags: { label: string; weight: number }[];
}

export class Inventory {
  private items = new Map<string, Item>();

  add(item: Item): void {
    this.items.set(item.sku, item);
  }

  count(): number {
    return this.items.size;
  }
}
