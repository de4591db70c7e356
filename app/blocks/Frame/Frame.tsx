/**
 * Frame block: the shop's frame types as cards, each with its finishes as colour swatches,
 * its mat and glazing, the materials it holds and its from-price, leading to the
 * photo-frame configurator with the frame chosen. When the block names a material, that
 * material's default frame comes first and says so.
 */
import { finishSwatch } from "../../../domain/frames";
import { useT } from "../../i18n/i18n";
import { LocaleLink } from "../../ui/LocaleLink";
import { PriceTag } from "../../ui/PriceTag";
import type { BlockProps, FrameBlock, FrameCard } from "../types";
import { useFinishName } from "../../ui/frameChoices";

function Card({ frame, headingId }: { frame: FrameCard; headingId: string }) {
  const t = useT();
  const finishName = useFinishName();
  const name = t(`catalogue.kinds.${frame.frameType}`);
  const materials = frame.materials.map((m) => t(`catalogue.kinds.${m}`)).join(", ");
  return (
    <li className="frame-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="frame-card__name">
        {name}
      </h3>
      {frame.defaultFor ? (
        <p className="frame-card__default">
          {t("blocks.frame.defaultFor", { material: t(`catalogue.kinds.${frame.defaultFor}`) })}
        </p>
      ) : null}
      <p className="frame-card__line">
        <span className="frame-card__label">{t("blocks.frame.finishes")}:</span>
      </p>
      <ul className="frame-card__finishes" role="list">
        {frame.finishes.map((finish) => (
          <li key={finish}>
            <span
              className="frame-card__swatch"
              role="img"
              aria-label={finishName(finish)}
              title={finishName(finish)}
              style={{ backgroundColor: finishSwatch(finish) }}
            />
          </li>
        ))}
      </ul>
      <dl className="frame-card__facts">
        <dt>{t("blocks.frame.holds")}</dt>
        <dd>{materials}</dd>
        {frame.matSizes.length ? (
          <>
            <dt>{t("blocks.frame.mat")}</dt>
            <dd>{t("blocks.frame.matOptions", { size: frame.matSizes.join(", ") })}</dd>
          </>
        ) : null}
        {frame.glass.length ? (
          <>
            <dt>{t("blocks.frame.glass")}</dt>
            <dd>{frame.glass.map((g) => t(`blocks.frame.glassTypes.${g}`)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {frame.price ? (
        <p className="frame-card__price">
          <PriceTag price={frame.price} />
        </p>
      ) : null}
      <LocaleLink
        className="button frame-card__cta"
        to={frame.href}
        aria-label={`${t("blocks.frame.cta")}: ${name}`}
      >
        {t("blocks.frame.cta")}
      </LocaleLink>
    </li>
  );
}

export function Frame({ block }: BlockProps<FrameBlock>) {
  const t = useT();
  if (!block.frames || block.frames.length === 0) return null;
  const titleId = `${block._uid}-title`;
  return (
    <section className="frames" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.frame.title")}
      </h2>
      {block.text ? <p className="block-intro">{block.text}</p> : null}
      <ul className="frames__list" role="list">
        {block.frames.map((frame) => (
          <Card
            key={frame.frameType}
            frame={frame}
            headingId={`${block._uid}-${frame.frameType}`}
          />
        ))}
      </ul>
    </section>
  );
}
