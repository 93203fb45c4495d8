import { Store } from "../state/store";
import type { BoardState, Widget } from "../state/board";
import { Action, addWidget, renameWidget } from "../state/actions";
import { Card } from "../components/Card";
import { Button } from "../components/Button";
import { Cell, derived } from "../runtime/cells";
import { relativeTime } from "../utils/format";

/** The widget editor: create widgets, rename them, and show validation errors. */

const TITLE_LIMIT = 40;
const RESERVED_TITLES = ["untitled", "new widget"];

interface DraftErrors {
  title?: string;
  kind?: string;
}

interface Draft {
  id: string;
  title: string;
  kind: "metric" | "chart";
}

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function validate(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  const trimmed = draft.title.trim();
  if (trimmed.length === 0) {
    errors.title = "title is required";
  } else if (trimmed.length > TITLE_LIMIT) {
    errors.title = `at most ${TITLE_LIMIT} characters`;
  } else if (RESERVED_TITLES.includes(trimmed.toLowerCase())) {
    errors.title = "choose a more specific title";
  }
  return errors;
}

export class WidgetEditor {
  readonly draft: Cell<Draft>;
  readonly errors: Cell<DraftErrors>;
  private savedAt: number | undefined;

  constructor(private readonly store: Store<BoardState, Action>) {
    this.draft = new Cell<Draft>({ id: "", title: "", kind: "metric" });
    this.errors = derived(this.draft, validate);
  }

  edit(title: string): void {
    this.draft.update((d) => ({ ...d, title, id: d.id || slugify(title) }));
  }

  canSave(): boolean {
    return Object.keys(this.errors.get()).length === 0;
  }

  save(): Widget | undefined {
    if (!this.canSave()) {
      return undefined;
    }
    const draft = this.draft.get();
    const existing = this.store.select((state) => state.widgets.find((w) => w.id === draft.id));
    const next = existing ? this.store.dispatch(renameWidget(draft.id, draft.title)) : this.store.dispatch(addWidget(draft.id, draft.title, draft.kind));
    this.savedAt = Date.now();
    return next.widgets.find((w) => w.id === draft.id);
  }

  render(): JSX.Element {
    const draft = this.draft.get();
    const errors = this.errors.get();
    const status = this.savedAt === undefined ? "not saved yet" : `saved ${relativeTime(this.savedAt)}`;
    return (
      <Card title={draft.id ? `Edit ${draft.title}` : "New widget"} subtitle={status}>
        <input value={draft.title} oninput={(e: { value: string }) => this.edit(e.value)} />
        {errors.title ? <p class="error">{errors.title}</p> : null}
        <Button label="Save" disabled={!this.canSave()} onClick={() => this.save()} />
      </Card>
    );
  }
}
