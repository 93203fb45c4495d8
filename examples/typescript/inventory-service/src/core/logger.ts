/** Structured logging with levels and nested scopes. */

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LogRecord {
  level: LogLevel;
  scope: string;
  message: string;
  fields: Record<string, unknown>;
  at: number;
}

export type LogSink = (record: LogRecord) => void;

export class Logger {
  private readonly records: LogRecord[] = [];

  constructor(
    public readonly scope: string,
    private threshold: LogLevel = "info",
    private readonly sinks: LogSink[] = [],
  ) {}

  static silent(scope: string): Logger {
    return new Logger(scope, "error");
  }

  child(name: string): Logger {
    return new Logger(`${this.scope}.${name}`, this.threshold, this.sinks);
  }

  setThreshold(level: LogLevel): void {
    this.threshold = level;
  }

  debug(message: string, fields: Record<string, unknown> = {}): void {
    this.write("debug", message, fields);
  }

  info(message: string, fields: Record<string, unknown> = {}): void {
    this.write("info", message, fields);
  }

  warn(message: string, fields: Record<string, unknown> = {}): void {
    this.write("warn", message, fields);
  }

  error(message: string, fields: Record<string, unknown> = {}): void {
    this.write("error", message, fields);
  }

  history(level: LogLevel = "debug"): LogRecord[] {
    return this.records.filter((r) => LEVEL_ORDER[r.level] >= LEVEL_ORDER[level]);
  }

  private write(level: LogLevel, message: string, fields: Record<string, unknown>): void {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[this.threshold]) {
      return;
    }
    const record: LogRecord = { level, scope: this.scope, message, fields, at: Date.now() };
    this.records.push(record);
    for (const sink of this.sinks) {
      sink(record);
    }
  }
}
