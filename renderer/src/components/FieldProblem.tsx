/** A problem shown under its form field (role="alert"), linked by {@link fieldAria}; nothing when `text` is empty. */
export function FieldProblem({ id, text }: { id: string; text: string | undefined | null }) {
  if (!text) return null;
  return (
    <span className="field-error" id={id} role="alert" data-testid={id}>
      {text}
    </span>
  );
}

/** The ARIA attributes of a field whose problem (if any) is the {@link FieldProblem} `id`. */
export function fieldAria(id: string, text: string | undefined | null): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return text ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}
