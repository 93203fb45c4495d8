// Minimal JSX typings for the board's own runtime (no React): elements are plain objects.
declare namespace JSX {
  interface Element {
    tag: string | ((props: any) => Element);
    props: Record<string, unknown>;
    children: unknown[];
  }
  interface ElementChildrenAttribute {
    children: {};
  }
  interface IntrinsicElements {
    [tag: string]: Record<string, unknown>;
  }
}
