/** The numbered "what happens next" list shown once a brief is sent. */
export function NextSteps({ steps }: { steps: string[] }) {
  return (
    <ol className="mt-3 flex flex-col gap-2">
      {steps.map((text, index) => (
        <li key={text} className="flex gap-3 text-slate-700">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800">
            {index + 1}
          </span>
          {text}
        </li>
      ))}
    </ol>
  );
}
