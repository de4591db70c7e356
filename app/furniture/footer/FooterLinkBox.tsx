import { Collapsible } from "../Collapsible";
import { FurnitureLinkItem } from "../FurnitureLinkItem";
import type { LinkList } from "../types";

/** The footer's link box: link lists that collapse below 720 px, the first one open. */
export function FooterLinkBox({ lists }: { lists: LinkList[] }) {
  if (lists.length === 0) return null;
  return (
    <div className="footer-linkbox">
      {lists.map((list, index) => (
        <Collapsible
          key={list.id}
          title={list.headline}
          initiallyOpen={index === 0}
          className="footer-list"
        >
          <ul>
            {list.links.map((item) => (
              <li key={item.id}>
                <FurnitureLinkItem item={item} />
              </li>
            ))}
          </ul>
        </Collapsible>
      ))}
    </div>
  );
}
