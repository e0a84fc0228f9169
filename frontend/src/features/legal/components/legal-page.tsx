import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/layout/document-title';
import { currentLanguage } from '@/i18n';
import { frenchSpacing } from '@/i18n/typography';
import { useContactEmail } from '@/lib/pricing-settings';
import { CONTACT_EMAIL_TOKEN, LEGAL_UPDATED_AT, type LegalDocument } from '../content/types';
import { LEGAL_NAMESPACE } from '../locales';

/** Every text of the document through `text` (French spacing, the contact address). */
function mapText(doc: LegalDocument, text: (line: string) => string): LegalDocument {
  const all = (lines: readonly string[] | undefined) => lines?.map(text);
  return {
    title: text(doc.title),
    intro: text(doc.intro),
    sections: doc.sections.map((section) => ({
      ...section,
      title: text(section.title),
      paragraphs: section.paragraphs.map(text),
      items: all(section.items),
      after: all(section.after),
      table: section.table && {
        caption: section.table.caption,
        head: section.table.head,
        rows: section.table.rows.map((row) => row.map(text)),
      },
    })),
  };
}

type LegalTable = NonNullable<LegalDocument['sections'][number]['table']>;

/** A table of a legal document: columns from a tablet's width, a card per row on a phone. */
function LegalTableView({ table }: { table: LegalTable }) {
  return (
    <>
      <div className="mt-4 hidden overflow-x-auto rounded-xl border border-slate-200 sm:block">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{table.caption}</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              {table.head.map((cell) => (
                <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {table.rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={cell} scope="row" className="px-4 py-3 font-medium text-slate-900">
                      {cell}
                    </th>
                  ) : (
                    <td key={table.head[index]} className="px-4 py-3">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* A phone has no room for the columns: each row becomes a card naming its values. */}
      <ul
        aria-label={table.caption}
        className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm sm:hidden"
      >
        {table.rows.map(([name, ...values]) => (
          <li key={name} className="px-4 py-3">
            <p className="font-medium text-slate-900">{name}</p>
            <dl className="mt-1 space-y-1 text-slate-700">
              {values.map((value, index) => (
                <div key={table.head[index + 1]}>
                  <dt className="text-xs font-semibold text-slate-500">{table.head[index + 1]}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Renders one legal document in the display language (French is the reference text). */
export function LegalPage({ documents }: { documents: { fr: LegalDocument; en: LegalDocument } }) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  const language = currentLanguage();
  // The team's address is an admin setting: the texts name it `{contactEmail}`.
  const contactEmail = useContactEmail() ?? '…';
  const withAddress = (line: string) => line.replaceAll(CONTACT_EMAIL_TOKEN, contactEmail);
  const doc =
    language === 'fr'
      ? mapText(documents.fr, (line) => frenchSpacing(withAddress(line)))
      : mapText(documents.en, withAddress);
  const date = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(`${LEGAL_UPDATED_AT}T12:00:00Z`),
  );
  const notice = t('frenchPrevails');

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <DocumentTitle title={doc.title} />
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.title}</h1>
        <p className="mt-3 text-sm text-slate-500">{t('lastUpdated', { date })}</p>
        {notice ? <p className="mt-2 text-sm text-slate-500 italic">{notice}</p> : null}
        <p className="mt-6 text-lg text-slate-700">{doc.intro}</p>
      </header>

      <nav aria-labelledby="legal-toc" className="mt-8 rounded-2xl bg-slate-50 p-6">
        <h2 id="legal-toc" className="text-sm font-semibold text-slate-900">
          {t('onThisPage')}
        </h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-32"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-slate-700 marker:text-violet-600">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.table ? <LegalTableView table={section.table} /> : null}
          {section.after?.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
