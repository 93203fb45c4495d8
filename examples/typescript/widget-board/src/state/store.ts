/** A small store: a reducer, subscribers and memoised selectors. */

import { Cell } from "../runtime/cells";

export type Reducer<S, A> = (state: S, action: A) => S;

export class Store<S, A> {
  private readonly state: Cell<S>;
  private dispatched = 0;

  constructor(
    private readonly reducer: Reducer<S, A>,
    initial: S,
  ) {
    this.state = new Cell(initial);
  }

  getState(): S {
    return this.state.get();
  }

  dispatch(action: A): S {
    this.dispatched += 1;
    this.state.set(this.reducer(this.state.get(), action));
    return this.state.get();
  }

  subscribe(listener: (state: S) => void): () => void {
    return this.state.watch((value) => listener(value));
  }

  select<T>(selector: (state: S) => T): T {
    return selector(this.state.get());
  }

  get actionCount(): number {
    return this.dispatched;
  }
}
