/** Actions understood by the board reducer. */

export enum ActionType {
  AddWidget = "widget/add",
  RemoveWidget = "widget/remove",
  MoveWidget = "widget/move",
  Rename = "widget/rename",
  PushSample = "widget/sample",
  ToggleTheme = "board/theme",
}

export type Action =
  | { type: ActionType.AddWidget; id: string; title: string; kind: "metric" | "chart" }
  | { type: ActionType.RemoveWidget; id: string }
  | { type: ActionType.MoveWidget; id: string; column: number }
  | { type: ActionType.Rename; id: string; title: string }
  | { type: ActionType.PushSample; id: string; value: number }
  | { type: ActionType.ToggleTheme };

export function addWidget(id: string, title: string, kind: "metric" | "chart" = "metric"): Action {
  return { type: ActionType.AddWidget, id, title, kind };
}

export function pushSample(id: string, value: number): Action {
  return { type: ActionType.PushSample, id, value };
}

export function moveWidget(id: string, column: number): Action {
  return { type: ActionType.MoveWidget, id, column };
}

export function renameWidget(id: string, title: string): Action {
  return { type: ActionType.Rename, id, title };
}
