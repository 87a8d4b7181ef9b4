// A destructive action asked twice: the first click (or Enter) turns the button into "Click again
// to <verb>", the second does it, and moving the focus away cancels. Its accessible name says
// which record and whether it is now asking.
import { useState } from "react";

export const ConfirmButton = ({ verb, what, pending, onConfirmed }: { verb: string; what: string; pending: boolean; onConfirmed: () => unknown }) => {
  const [confirming, setConfirming] = useState(false);
  const Verb = verb[0]!.toUpperCase() + verb.slice(1);
  return (
    <button
      type="button"
      className="danger"
      disabled={pending}
      onBlur={() => setConfirming(false)}
      onClick={() => {
        if (!confirming) return setConfirming(true);
        setConfirming(false);
        void onConfirmed();
      }}
      aria-label={confirming ? `Confirm: ${verb} ${what}` : `${Verb} ${what}`}
    >
      {confirming ? `Click again to ${verb}` : Verb}
    </button>
  );
};
