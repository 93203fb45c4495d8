package com.example.recipes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ingredients of several recipes summed by name, in the order they were first needed. */
public class ShoppingList {
    private final Map<String, Quantity> needed = new LinkedHashMap<>();
    private int recipes;

    public ShoppingList addRecipe(Recipe recipe) {
        for (Ingredient ingredient : recipe.getIngredients()) {
            String key = ingredient.getName().toLowerCase();
            Quantity previous = needed.get(key);
            needed.put(key, previous == null ? ingredient.getQuantity() : previous.plus(ingredient.getQuantity()));
        }
        recipes++;
        return this;
    }

    public Quantity quantityOf(String name) {
        return needed.get(name.toLowerCase());
    }

    public int recipeCount() {
        return recipes;
    }

    /** One line per item: "flour: 500.00 g". */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Quantity> e : needed.entrySet()) {
            out.add(e.getKey() + ": " + e.getValue());
        }
        return out;
    }
}
