// A change panel opened from a row's "Change" button (data-change="<id>"): closing it gives the
// focus back to that button, so a keyboard user stays where they were.
export const closeEditor = (id: string, setEditing: (id: undefined) => void): void => {
  setEditing(undefined);
  requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`button[data-change="${id}"]`)?.focus());
};
