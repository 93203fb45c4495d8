/** Number and time formatting shared by the widgets. */

const UNITS: Array<[number, string]> = [
  [1e9, "G"],
  [1e6, "M"],
  [1e3, "k"],
];

export function compactNumber(value: number, digits = 1): string {
  for (const [size, suffix] of UNITS) {
    if (Math.abs(value) >= size) {
      return `${(value / size).toFixed(digits)}${suffix}`;
    }
  }
  return value.toFixed(value % 1 === 0 ? 0 : digits);
}

export function percentChange(previous: number, current: number): string {
  if (previous === 0) {
    return current === 0 ? "0%" : "new";
  }
  const change = ((current - previous) / Math.abs(previous)) * 100;
  return `${change >= 0 ? "+" : ""}${change.toFixed(1)}%`;
}

export function relativeTime(thenMs: number, nowMs: number = Date.now()): string {
  const seconds = Math.round((nowMs - thenMs) / 1000);
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m ago`;
  return `${Math.round(seconds / 3600)}h ago`;
}

export class Palette {
  constructor(private readonly colors: string[]) {}

  static forTheme(theme: "light" | "dark"): Palette {
    return theme === "dark" ? new Palette(["#8ab4f8", "#f28b82", "#fdd663"]) : new Palette(["#1a73e8", "#d93025", "#f9ab00"]);
  }

  pick(index: number): string {
    return this.colors[index % this.colors.length];
  }

  get size(): number {
    return this.colors.length;
  }
}
