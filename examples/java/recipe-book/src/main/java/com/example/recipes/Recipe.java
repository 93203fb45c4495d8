package com.example.recipes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A recipe: a title, the servings it makes, its ingredients and steps. */
public class Recipe {
    private final String title;
    private final int servings;
    private final List<Ingredient> ingredients = new ArrayList<>();
    private final List<String> steps = new ArrayList<>();

    public Recipe(String title, int servings) {
        if (servings <= 0) {
            throw new IllegalArgumentException("servings must be positive");
        }
        this.title = title;
        this.servings = servings;
    }

    public String getTitle() {
        return title;
    }

    public int getServings() {
        return servings;
    }

    /** Adds an ingredient; an ingredient of the same name is merged into the existing one. */
    public Recipe add(Ingredient ingredient) {
        for (int i = 0; i < ingredients.size(); i++) {
            Ingredient existing = ingredients.get(i);
            if (existing.getName().equalsIgnoreCase(ingredient.getName())) {
                Quantity total = existing.getQuantity().plus(ingredient.getQuantity());
                double kcal = existing.calories() + ingredient.calories();
                double perBase = kcal / (total.amount() * total.unit().factor());
                ingredients.set(i, new Ingredient(existing.getName(), total, perBase));
                return this;
            }
        }
        ingredients.add(ingredient);
        return this;
    }

    public Recipe step(String instruction) {
        steps.add(instruction.trim());
        return this;
    }

    public List<Ingredient> getIngredients() {
        return Collections.unmodifiableList(ingredients);
    }

    public List<String> getSteps() {
        return Collections.unmodifiableList(steps);
    }

    /** Total energy of the recipe divided by its servings. */
    public double caloriesPerServing() {
        double total = 0;
        for (Ingredient ingredient : ingredients) {
            total += ingredient.calories();
        }
        return total / servings;
    }
}
