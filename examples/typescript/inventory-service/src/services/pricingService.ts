import { Category, Money, Product } from "@domain";
import type { Currency } from "@domain";
import { Logger } from "@core/logger";
import * as results from "@core/result";

/** Price rules: seasonal discounts per category, volume tiers and rounding. */

export interface PriceQuote {
  sku: string;
  units: number;
  unitPrice: string;
  total: string;
  appliedRules: string[];
}

interface VolumeTier {
  minUnits: number;
  percentOff: number;
}

const VOLUME_TIERS: VolumeTier[] = [
  { minUnits: 100, percentOff: 12 },
  { minUnits: 50, percentOff: 8 },
  { minUnits: 10, percentOff: 3 },
];

function tierFor(units: number): VolumeTier | undefined {
  return VOLUME_TIERS.find((tier) => units >= tier.minUnits);
}

function describeTier(tier: VolumeTier): string {
  return `volume ${tier.minUnits}+ (-${tier.percentOff}%)`;
}

const SEASON_MONTHS: Record<string, number[]> = {
  summer: [5, 6, 7],
  winter: [11, 0, 1],
};

function seasonOf(date: Date): string | undefined {
  const month = date.getMonth();
  return Object.keys(SEASON_MONTHS).find((name) => SEASON_MONTHS[name].includes(month));
}

export class PricingService {
  private readonly seasonal = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly currency: Currency = "EUR",
  ) {}

  setSeasonalDiscount(category: Category, season: string, percent: number): void {
    this.seasonal.set(`${category}:${season}`, percent);
  }

  quote(product: Product, units: number, today = new Date()): results.Result<PriceQuote> {
    if (units <= 0) {
      return results.err("units must be positive");
    }
    if (product.price.currency !== this.currency) {
      return results.err(`cannot quote ${product.price.currency} in ${this.currency}`);
    }
    const applied: string[] = [];
    let unit = product.price;
    const season = seasonOf(today);
    const seasonal = season ? this.seasonal.get(`${product.category}:${season}`) : undefined;
    if (seasonal !== undefined && product.isDiscountable()) {
      unit = unit.percentOff(seasonal);
      applied.push(`${season} -${seasonal}%`);
    }
    const tier = tierFor(units);
    if (tier) {
      unit = unit.percentOff(tier.percentOff);
      applied.push(describeTier(tier));
    }
    const total = unit.times(units);
    this.logger.debug("quote computed", { sku: product.sku, units, total: total.format() });
    return results.ok({ sku: product.sku, units, unitPrice: unit.format(), total: total.format(), appliedRules: applied });
  }

  cheapest(products: Product[]): Product | undefined {
    let best: Product | undefined;
    for (const candidate of products) {
      if (!best || best.price.isGreaterThan(candidate.price)) {
        best = candidate;
      }
    }
    return best;
  }

  basketTotal(lines: Array<{ product: Product; units: number }>): Money {
    return lines.reduce((sum, line) => sum.plus(line.product.price.times(line.units)), Money.zero(this.currency));
  }

  quoteAll(lines: Array<{ product: Product; units: number }>): results.Result<PriceQuote[]> {
    return results.collect(lines.map((line) => this.quote(line.product, line.units)));
  }
}
