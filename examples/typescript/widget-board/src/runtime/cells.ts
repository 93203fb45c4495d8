/** Reactive cells: values that notify subscribers when they change. */

export type Listener<T> = (value: T, previous: T) => void;

export class Cell<T> {
  private listeners: Listener<T>[] = [];

  constructor(private current: T) {}

  get(): T {
    return this.current;
  }

  set(next: T): void {
    if (Object.is(next, this.current)) {
      return;
    }
    const previous = this.current;
    this.current = next;
    for (const listener of this.listeners) {
      listener(next, previous);
    }
  }

  update(fn: (value: T) => T): void {
    this.set(fn(this.current));
  }

  watch(listener: Listener<T>): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }
}

export function derived<A, B>(source: Cell<A>, fn: (value: A) => B): Cell<B> {
  const target = new Cell(fn(source.get()));
  source.watch((value) => target.set(fn(value)));
  return target;
}
