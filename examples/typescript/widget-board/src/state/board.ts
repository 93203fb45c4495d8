/** Board state and its reducer. */

import { Action, ActionType } from "./actions";

export const MAX_SAMPLES = 48;

export interface Widget {
  id: string;
  title: string;
  kind: "metric" | "chart";
  column: number;
  samples: number[];
}

export interface BoardState {
  widgets: Widget[];
  theme: "light" | "dark";
  revision: number;
}

export const initialBoard: BoardState = { widgets: [], theme: "light", revision: 0 };

function updateWidget(state: BoardState, id: string, fn: (w: Widget) => Widget): Widget[] {
  return state.widgets.map((w) => (w.id === id ? fn(w) : w));
}

export function boardReducer(state: BoardState, action: Action): BoardState {
  const next = { ...state, revision: state.revision + 1 };
  switch (action.type) {
    case ActionType.AddWidget:
      return { ...next, widgets: [...state.widgets, { id: action.id, title: action.title, kind: action.kind, column: 0, samples: [] }] };
    case ActionType.RemoveWidget:
      return { ...next, widgets: state.widgets.filter((w) => w.id !== action.id) };
    case ActionType.MoveWidget:
      return { ...next, widgets: updateWidget(state, action.id, (w) => ({ ...w, column: action.column })) };
    case ActionType.Rename:
      return { ...next, widgets: updateWidget(state, action.id, (w) => ({ ...w, title: action.title })) };
    case ActionType.PushSample:
      return {
        ...next,
        widgets: updateWidget(state, action.id, (w) => ({ ...w, samples: [...w.samples, action.value].slice(-MAX_SAMPLES) })),
      };
    case ActionType.ToggleTheme:
      return { ...next, theme: state.theme === "light" ? "dark" : "light" };
  }
}
