/** Buttons with variants; clicks are plain callbacks. */

export type ButtonVariant = "primary" | "ghost" | "danger";

export interface ButtonProps {
  label: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  onClick: () => void;
}

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: "btn btn-primary",
  ghost: "btn btn-ghost",
  danger: "btn btn-danger",
};

export function Button(props: ButtonProps): JSX.Element {
  const className = VARIANT_CLASS[props.variant ?? "primary"];
  return (
    <button class={className} disabled={props.disabled ?? false} onclick={props.onClick}>
      {props.label}
    </button>
  );
}

export function IconButton(props: { icon: string; title: string; onClick: () => void }): JSX.Element {
  return <button class="btn btn-icon" title={props.title} onclick={props.onClick}>{props.icon}</button>;
}
