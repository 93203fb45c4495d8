/** Money in integer minor units, so sums never drift. */

export type Currency = "EUR" | "USD" | "GBP";

export class Money {
  private constructor(
    readonly cents: number,
    readonly currency: Currency,
  ) {}

  static of(amount: number, currency: Currency = "EUR"): Money {
    return new Money(Math.round(amount * 100), currency);
  }

  static zero(currency: Currency = "EUR"): Money {
    return new Money(0, currency);
  }

  plus(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.cents + other.cents, this.currency);
  }

  times(factor: number): Money {
    return new Money(Math.round(this.cents * factor), this.currency);
  }

  percentOff(percent: number): Money {
    return this.times(1 - percent / 100);
  }

  isGreaterThan(other: Money): boolean {
    this.assertSameCurrency(other);
    return this.cents > other.cents;
  }

  format(): string {
    return `${(this.cents / 100).toFixed(2)} ${this.currency}`;
  }

  private assertSameCurrency(other: Money): void {
    if (other.currency !== this.currency) {
      throw new Error(`currency mismatch: ${this.currency} vs ${other.currency}`);
    }
  }
}
