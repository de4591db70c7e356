/**
 * A photo box of 900 prints, as a shopper makes it: chosen on the photo box page, three
 * photos auto-filled into the studio, the 900 prints shared over them as copies ("900 von
 * 900 Abzügen"), one picture's copies stepped up by its button, a number it cannot take
 * typed and named, and back down by the arrow key, and the box in the cart as 900 prints
 * at the page's price. Axe on the studio.
 */
import { expect, test, url, withConsent } from "./fixtures";
import { intoCart, jpeg, openStudio, savedSurfaces, upload } from "./studioHelpers";

test("a photo box of 900 prints from three photos goes into the cart as 900 prints at the page's price (localhost)", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context, ["localhost"]);
  await shop.visit(url("localhost", "/fotobox"));
  const calculator = page.locator(".calculator");
  // The largest box takes up to 1,000 prints.
  await calculator.locator('input[name="material"][value="large"]').check();
  await calculator.getByRole("combobox", { name: "Anzahl Fotos" }).selectOption("900");
  const cta = calculator.locator(".calculator__cta");
  await expect(cta).toHaveAttribute("href", /quantity=900(&|$)/);
  const price = (await calculator
    .locator(".calculator__price .price-tag__current")
    .textContent())!.trim();
  await cta.click();
  await expect(page).toHaveURL(/\/designer\/photobox\/?\?/);
  await openStudio(page);
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  const total = page.locator(".prints-panel [role=status]");
  await expect(total).toHaveText("900 von 900 Abzügen");

  // Three photos into the box in one go: three pictures of 300 copies each.
  await upload(
    page,
    await Promise.all(
      [0, 80, 160].map(async (hue, i) => ({
        name: `box-${i + 1}.jpg`,
        buffer: await jpeg(1600, 1100, hue),
      })),
    ),
  );
  await page.getByRole("button", { name: "Fotos automatisch einsetzen" }).click();
  await expect(page.locator(".studio-pages__page")).toHaveCount(3);
  await expect(total).toHaveText("900 von 900 Abzügen");
  await page.getByRole("button", { name: "Seite 2 von 3: Abzug 2" }).click();
  const copies = page.getByRole("spinbutton", { name: "Abzüge von Abzug 2" });
  await expect(copies).toHaveValue("300");

  // One more by its button, one fewer by the arrow key: the total says so each time.
  await page.getByRole("button", { name: "Ein Abzug mehr" }).click();
  await expect(total).toContainText("901 von 900 Abzügen 1 mehr als bestellt");
  // A typed number is taken on Enter; one the picture cannot take is named beside the
  // field and kept there; Escape puts the copies back.
  await copies.fill("0");
  await copies.press("Enter");
  await expect(copies).toHaveAttribute("aria-invalid", "true");
  await expect(copies).toHaveAccessibleDescription(
    "Geben Sie eine ganze Zahl von 1 bis 5.000 ein.",
  );
  await expect(total).toContainText("901 von 900 Abzügen");
  await shop.expectAccessible();
  await copies.press("Escape");
  await expect(copies).toHaveValue("301");
  await page.keyboard.press("ArrowDown");
  await expect(copies).toHaveValue("300");
  await expect(total).toHaveText("900 von 900 Abzügen");
  await expect
    .poll(async () => (await savedSurfaces(page)).map((s) => s.copies ?? 1), { timeout: 20_000 })
    .toEqual([300, 300, 300]);

  await intoCart(page, shop);
  const line = page.locator(".cart-line").first();
  await expect(line.getByRole("spinbutton", { name: "Anzahl" })).toHaveValue("900");
  await expect(line.locator(".cart-line__price")).toHaveText(price);
});
