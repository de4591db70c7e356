/**
 * A back-office list: a search form (a GET form, so the address keeps the search) above a
 * table with a hidden caption, one column per field, and a line saying when nothing matched.
 * The customers, the mailbox and the audit log are such lists.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field } from "./AdminFrame";

export interface AdminColumn<T> {
  title: string;
  cell(row: T): ReactNode;
}

export function AdminList<T extends { id: number | string }>({
  search,
  caption,
  columns,
  rows,
  empty,
}: {
  search: { name: string; label: string; value: string };
  caption: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  empty: string;
}) {
  return (
    <>
      <Form method="get" className="admin__search" role="search">
        <Field name={search.name} label={search.label} type="search" defaultValue={search.value} />
        <button className="admin__button" type="submit">
          Search
        </button>
      </Form>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.title} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.title}>{c.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p>{empty}</p> : null}
      </div>
    </>
  );
}
