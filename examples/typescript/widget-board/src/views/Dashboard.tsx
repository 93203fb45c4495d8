import { Store } from "../state/store";
import { BoardState, Widget, MAX_SAMPLES } from "../state/board";
import { Action, ActionType, pushSample, moveWidget } from "../state/actions";
import { Card, EmptyState } from "../components/Card";
import { Button, IconButton } from "../components/Button";
import { Sparkline, sparklinePath } from "../components/Sparkline";
import { Palette, compactNumber, percentChange } from "../utils/format";

/**
 * The dashboard view: widgets laid out in columns, each showing its latest
 * value, the change since the previous sample and a sparkline.
 */

const COLUMNS = 3;

interface ColumnLayout {
  index: number;
  ids: string[];
}

function emptyColumns(count: number): ColumnLayout[] {
  return Array.from({ length: count }, (_, index) => ({ index, ids: [] }));
}

function latest(values: number[]): number | undefined {
  return values.length > 0 ? values[values.length - 1] : undefined;
}

function previous(values: number[]): number | undefined {
  return values.length > 1 ? values[values.length - 2] : undefined;
}

function trendClass(delta: number): string {
  if (delta > 0) return "trend up";
  if (delta < 0) return "trend down";
  return "trend flat";
}

export type BoardStore = Store<BoardState, Action>;

export function layout(widgets: Widget[], columns: number = COLUMNS): ColumnLayout[] {
  const result = emptyColumns(columns);
  for (const widget of widgets) {
    const column = Math.min(Math.max(widget.column, 0), columns - 1);
    result[column].ids.push(widget.id);
  }
  return result;
}

function MetricBody(props: { widget: Widget; color: string }): JSX.Element {
  const value = latest(props.widget.samples);
  const before = previous(props.widget.samples);
  if (value === undefined) {
    return <EmptyState message="waiting for data" />;
  }
  const change = before === undefined ? "" : percentChange(before, value);
  return (
    <div class="metric">
      <strong>{compactNumber(value)}</strong>
      <span class={trendClass(before === undefined ? 0 : value - before)}>{change}</span>
      <Sparkline points={props.widget.samples} color={props.color} />
    </div>
  );
}

function WidgetCard(props: { widget: Widget; store: BoardStore; color: string }): JSX.Element {
  const { widget, store } = props;
  const fill = Math.round((widget.samples.length / MAX_SAMPLES) * 100);
  return (
    <Card title={widget.title} subtitle={`${fill}% of history`} accent={props.color}>
      <MetricBody widget={widget} color={props.color} />
      <IconButton icon="→" title="move right" onClick={() => store.dispatch(moveWidget(widget.id, widget.column + 1))} />
      <Button label="Remove" variant="danger" onClick={() => store.dispatch({ type: ActionType.RemoveWidget, id: widget.id })} />
    </Card>
  );
}

export function Dashboard(props: { store: BoardStore }): JSX.Element {
  const state = props.store.getState();
  const palette = Palette.forTheme(state.theme);
  const columns = layout(state.widgets);
  const byId = new Map(state.widgets.map((w) => [w.id, w]));
  return (
    <main class={`board theme-${state.theme}`}>
      {columns.map((column) => (
        <div class="column">
          {column.ids.map((id, i) => {
            const widget = byId.get(id);
            return widget ? <WidgetCard widget={widget} store={props.store} color={palette.pick(i)} /> : null;
          })}
        </div>
      ))}
      <Button label="Toggle theme" variant="ghost" onClick={() => props.store.dispatch({ type: ActionType.ToggleTheme })} />
    </main>
  );
}

export function feedSamples(store: BoardStore, readings: Record<string, number>): number {
  let pushed = 0;
  for (const [id, value] of Object.entries(readings)) {
    store.dispatch(pushSample(id, value));
    pushed += 1;
  }
  return pushed;
}

export function thumbnail(widget: Widget): string {
  return sparklinePath(widget.samples.slice(-12), 40, 12);
}
