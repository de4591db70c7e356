/**
 * A block's optional title and introduction: the title is the block's h2 (its id labels the
 * block's section), the introduction a paragraph under it. Either may be empty.
 */
export function BlockHeading({
  id,
  headline,
  text,
}: {
  id: string | undefined;
  headline: string;
  text?: string;
}) {
  return (
    <>
      {headline ? (
        <h2 id={id} className="block-title">
          {headline}
        </h2>
      ) : null}
      {text ? <p className="block-intro">{text}</p> : null}
    </>
  );
}
