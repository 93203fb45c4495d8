/** Products and their catalogue categories. */

import { Money } from "./money";

export enum Category {
  Hardware = "hardware",
  Garden = "garden",
  Kitchen = "kitchen",
  Clearance = "clearance",
}

export interface ProductInput {
  sku: string;
  name: string;
  category: Category;
  unitPrice: number;
  supplier?: string;
}

export class Product {
  readonly tags = new Set<string>();

  constructor(
    readonly sku: string,
    readonly name: string,
    readonly category: Category,
    readonly price: Money,
    readonly supplier: string = "unknown",
  ) {}

  static fromInput(input: ProductInput): Product {
    return new Product(input.sku, input.name.trim(), input.category, Money.of(input.unitPrice), input.supplier);
  }

  isDiscountable(): boolean {
    return this.category !== Category.Clearance;
  }

  label(): string {
    return `${this.name} (${this.sku})`;
  }

  withTag(tag: string): Product {
    this.tags.add(tag.toLowerCase());
    return this;
  }
}
