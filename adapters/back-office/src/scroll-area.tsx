// A table that may be wider than a phone: it scrolls sideways inside a named region that can take
// keyboard focus, so it can be scrolled with the arrow keys too.
import type { ReactNode } from "react";

export const ScrollArea = ({ label, children, busy }: { label: string; children: ReactNode; busy?: boolean }) => (
  <div className="scroll" role="region" aria-label={label} tabIndex={0} aria-busy={busy}>
    {children}
  </div>
);
