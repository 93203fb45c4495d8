/** Inline SVG sparklines for metric history. */

export interface SparklineProps {
  points: number[];
  width?: number;
  height?: number;
  color?: string;
}

export function sparklinePath(points: number[], width: number, height: number): string {
  if (points.length < 2) {
    return "";
  }
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const step = width / (points.length - 1);
  return points
    .map((p, i) => `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)},${(height - ((p - min) / span) * height).toFixed(1)}`)
    .join(" ");
}

export function Sparkline(props: SparklineProps): JSX.Element {
  const width = props.width ?? 120;
  const height = props.height ?? 28;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <path d={sparklinePath(props.points, width, height)} stroke={props.color ?? "currentColor"} fill="none" />
    </svg>
  );
}
