package com.example.recipes;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class RecipeScalerTest {
    private static Recipe omelette() {
        return new Recipe("Omelette", 2)
                .add(new Ingredient("Egg", new Quantity(3, Unit.PIECE), 70))
                .add(new Ingredient("Butter", new Quantity(10, Unit.GRAM), 7.2))
                .step("beat the eggs");
    }

    @Test
    public void scalesQuantitiesAndKeepsSteps() {
        Recipe big = new RecipeScaler(false).scale(omelette(), 4);
        assertEquals(4, big.getServings());
        assertEquals(new Quantity(20, Unit.GRAM), big.getIngredients().get(1).getQuantity());
        assertEquals(1, big.getSteps().size());
    }

    @Test
    public void roundsPiecesUp() {
        Recipe single = new RecipeScaler(true).scale(omelette(), 1);
        assertEquals(new Quantity(2, Unit.PIECE), single.getIngredients().get(0).getQuantity());
        assertEquals(140.0, single.getIngredients().get(0).calories(), 1e-6);
    }

    @Test
    public void factorIsTheServingsRatio() {
        assertEquals(2.5, new RecipeScaler(true).factor(omelette(), 5), 1e-9);
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesNoServings() {
        new RecipeScaler(true).factor(omelette(), 0);
    }
}
