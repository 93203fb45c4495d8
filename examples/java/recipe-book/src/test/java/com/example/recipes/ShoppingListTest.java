package com.example.recipes;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;

import org.junit.Test;

public class ShoppingListTest {
    @Test
    public void sumsIngredientsAcrossRecipes() {
        Recipe bread = new Recipe("Bread", 1).add(new Ingredient("Flour", new Quantity(0.5, Unit.KILOGRAM), 3.6));
        Recipe cake = new Recipe("Cake", 8).add(new Ingredient("flour", new Quantity(300, Unit.GRAM), 3.6))
                .add(new Ingredient("Sugar", new Quantity(200, Unit.GRAM), 4));
        ShoppingList list = new ShoppingList().addRecipe(bread).addRecipe(cake);
        assertEquals(2, list.recipeCount());
        assertEquals(new Quantity(0.8, Unit.KILOGRAM), list.quantityOf("FLOUR"));
        assertEquals(Arrays.asList("flour: 0.80 kg", "sugar: 200.00 g"), list.lines());
    }

    @Test
    public void pantryTellsWhatIsMissing() {
        Pantry pantry = new Pantry();
        pantry.store("Flour", new Quantity(200, Unit.GRAM));
        pantry.store("flour", new Quantity(0.1, Unit.KILOGRAM));
        assertTrue(pantry.has("FLOUR", new Quantity(300, Unit.GRAM)));
        assertFalse(pantry.has("flour", new Quantity(1, Unit.KILOGRAM)));
        assertEquals(new Quantity(0.7, Unit.KILOGRAM), pantry.missing("flour", new Quantity(1, Unit.KILOGRAM)));
        assertEquals(new Quantity(2, Unit.PIECE), pantry.missing("egg", new Quantity(2, Unit.PIECE)));
    }
}
