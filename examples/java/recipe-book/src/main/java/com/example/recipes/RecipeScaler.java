package com.example.recipes;

/** Scales recipes to another number of servings, rounding piece counts up. */
public class RecipeScaler {
    private final boolean roundPieces;

    public RecipeScaler(boolean roundPieces) {
        this.roundPieces = roundPieces;
    }

    /** The recipe for {@code servings} servings, steps kept. */
    public Recipe scale(Recipe recipe, int servings) {
        double factor = factor(recipe, servings);
        Recipe scaled = new Recipe(recipe.getTitle(), servings);
        for (Ingredient ingredient : recipe.getIngredients()) {
            scaled.add(adjust(ingredient.scaled(factor)));
        }
        for (String step : recipe.getSteps()) {
            scaled.step(step);
        }
        return scaled;
    }

    public double factor(Recipe recipe, int servings) {
        if (servings <= 0) {
            throw new IllegalArgumentException("servings must be positive");
        }
        return (double) servings / recipe.getServings();
    }

    private Ingredient adjust(Ingredient ingredient) {
        Quantity q = ingredient.getQuantity();
        if (!roundPieces || q.unit() != Unit.PIECE) {
            return ingredient;
        }
        double rounded = Math.ceil(q.amount() - 1e-9);
        double perPiece = q.amount() == 0 ? 0 : ingredient.calories() / q.amount();
        return new Ingredient(ingredient.getName(), new Quantity(rounded, Unit.PIECE), perPiece);
    }
}
