/** A user form's title (which labels the form) and what it does. */
export function FormHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div>
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
