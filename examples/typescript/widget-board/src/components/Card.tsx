/** Cards frame every widget: a header with actions and a body. */

export interface CardProps {
  title: string;
  subtitle?: string;
  accent?: string;
  children?: unknown;
}

export function Card(props: CardProps): JSX.Element {
  const style = props.accent ? `border-top: 3px solid ${props.accent}` : "";
  return (
    <section class="card" style={style}>
      <header class="card-header">
        <h3>{props.title}</h3>
        {props.subtitle ? <small>{props.subtitle}</small> : null}
      </header>
      <div class="card-body">{props.children}</div>
    </section>
  );
}

export function EmptyState(props: { message: string }): JSX.Element {
  return <p class="empty">{props.message}</p>;
}
