/** An in-process event bus; handlers run synchronously in subscription order. */

export type Handler<T> = (payload: T) => void;

export class Event<T = unknown> {
  readonly createdAt = Date.now();

  constructor(
    public readonly topic: string,
    public readonly payload: T,
  ) {}

  describe(): string {
    return `${this.topic}@${new Date(this.createdAt).toISOString()}`;
  }
}

export class EventBus {
  private readonly handlers = new Map<string, Handler<Event>[]>();
  private published = 0;

  subscribe<T>(topic: string, handler: Handler<Event<T>>): () => void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler as Handler<Event>);
    this.handlers.set(topic, list);
    return () => this.unsubscribe(topic, handler as Handler<Event>);
  }

  publish<T>(topic: string, payload: T): Event<T> {
    const event = new Event(topic, payload);
    this.published += 1;
    for (const handler of this.handlers.get(topic) ?? []) {
      handler(event);
    }
    return event;
  }

  publishedCount(): number {
    return this.published;
  }

  private unsubscribe(topic: string, handler: Handler<Event>): void {
    const list = this.handlers.get(topic) ?? [];
    this.handlers.set(topic, list.filter((h) => h !== handler));
  }
}
