import { FOOTER_IMAGE_RATIOS } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { FurnitureImage } from "../FurnitureImage";
import type { PaymentMethod } from "../types";

/** Payment method logos at 73×32 and quality 100. */
export function PaymentMethods({ methods, title }: { methods: PaymentMethod[]; title: string }) {
  const t = useT();
  if (methods.length === 0) return null;
  const { width, height } = FOOTER_IMAGE_RATIOS.paymentLogos;
  return (
    <div className="payment-methods">
      <h2 className="payment-methods__title">{title || t("furniture.paymentMethods")}</h2>
      <ul>
        {methods.map((method) => (
          <li key={method.id}>
            <FurnitureImage
              asset={method.image}
              width={width}
              height={height}
              preset="payment-logo"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
