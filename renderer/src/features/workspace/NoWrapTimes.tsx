import type { ReactNode } from 'react';

// A formatted instant (`2024-03-05 09:31 EST`, zone optional): kept on one line, so a narrow window breaks between them.
const INSTANT = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?: [A-Z][A-Za-z+\-0-9]{1,5})?)/;

/** `text` with each formatted date-time in a `nowrap` span (the sentences of refresh and provenance). */
export function NoWrapTimes({ text }: { text: string }): ReactNode {
  return text.split(INSTANT).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
