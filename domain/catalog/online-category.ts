// The merged category text ("Category > Subcategory") shown as a product's
// online_category.

const SEPARATOR = " > ";

const present = (name: string | null): string | null => {
  const trimmed = name?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
};

// A subcategory without a category should not exist, but if the data says so the
// subcategory name alone is still more useful to a shopper than nothing.
export const onlineCategory = (
  categoryName: string | null,
  subcategoryName: string | null,
): string | null => {
  const category = present(categoryName);
  const subcategory = present(subcategoryName);
  if (category !== null && subcategory !== null) return `${category}${SEPARATOR}${subcategory}`;
  return category ?? subcategory;
};
